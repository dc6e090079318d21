// Original file: proto/marketplace/listings/v1/listings.proto


export interface SetListingVisibilityResponse {
}

export interface SetListingVisibilityResponse__Output {
}
