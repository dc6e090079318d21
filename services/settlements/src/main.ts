import { runServiceMain } from "@mp/runtime";
import { settlementsService } from "./module";

await runServiceMain(settlementsService);
