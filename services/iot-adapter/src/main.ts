import { runServiceMain } from "@mp/runtime";
import { iotAdapterService } from "./module";

await runServiceMain(iotAdapterService);
