export { isGuid, parseGuid } from "@mp/ids";
