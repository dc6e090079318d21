import { runServiceMain } from "@mp/runtime";
import { listingsService } from "./module";

await runServiceMain(listingsService);
