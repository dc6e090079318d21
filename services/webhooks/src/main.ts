import { runServiceMain } from "@mp/runtime";
import { webhooksService } from "./module";

await runServiceMain(webhooksService);
