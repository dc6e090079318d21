import { runServiceMain } from "@mp/runtime";
import { publishingService } from "./module";

await runServiceMain(publishingService);
