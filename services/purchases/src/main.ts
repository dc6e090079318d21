import { runServiceMain } from "@mp/runtime";
import { purchasesService } from "./module";

await runServiceMain(purchasesService);
