// Original file: proto/marketplace/listings/v1/listings.proto


export interface WithdrawOfferingResponse {
}

export interface WithdrawOfferingResponse__Output {
}
