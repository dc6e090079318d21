import { runServiceMain } from "@mp/runtime";
import { catalogueService } from "./module";

await runServiceMain(catalogueService);
