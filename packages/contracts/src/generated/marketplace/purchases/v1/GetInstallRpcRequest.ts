// Original file: proto/marketplace/purchases/v1/purchases.proto


export interface GetInstallRpcRequest {
  'rpcId'?: (string);
}

export interface GetInstallRpcRequest__Output {
  'rpcId': (string);
}
