import { runServiceMain } from "@mp/runtime";
import { assetsService } from "./module";

await runServiceMain(assetsService);
