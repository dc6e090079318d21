import { describe, expect, it } from "vitest";
import { IMAGE_TARGETS, imageTag, median, parseMemUsage } from "./image-targets";

describe("image targets", () => {
  it("are the eight services, the gateway and the simulator, tagged as docker-compose.yml names them", () => {
    expect(IMAGE_TARGETS).toHaveLength(10);
    expect(imageTag("catalogue")).toBe("marketplace/catalogue:dev");
    expect(imageTag("simulator")).toBe("marketplace/infuse-simulator:dev");
  });

  it("reads docker stats' memory figures in MiB", () => {
    expect(parseMemUsage("72.36MiB / 23.54GiB")).toBeCloseTo(72.36);
    expect(parseMemUsage("1.5GiB / 2GiB")).toBeCloseTo(1536);
    expect(parseMemUsage("512KiB / 2GiB")).toBeCloseTo(0.5);
    expect(() => parseMemUsage("--")).toThrow(/unexpected/);
  });

  it("takes the median", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });
});
