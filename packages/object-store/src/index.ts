export { makeS3UrlSigner, type ObjectUrlSigner, type UrlSignerConfig } from "./s3-url-signer";
