// Original file: proto/marketplace/publishing/v1/publishing.proto


export interface RemoveImageResponse {
}

export interface RemoveImageResponse__Output {
}
