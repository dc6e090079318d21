import { runServiceMain } from "@mp/runtime";
import { iotadapterService } from "./module";

await runServiceMain(iotadapterService);
