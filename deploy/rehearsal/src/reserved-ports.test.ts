import { describe, expect, it } from "vitest";
import { ephemeral, listeningPorts, withReserved } from "./reserved-ports";

describe("the rehearsal's reserved ports", () => {
  it("are the replicas' listeners inside the ephemeral range: every gRPC port, nothing below it", () => {
    const ports = ephemeral(listeningPorts(), "32768\t60999\n");
    expect(ports).toContain(50056);
    expect(ports).toContain(50156);
    expect(ports).not.toContain(8080);
    expect(ports.every((port) => port >= 32768 && port <= 60999)).toBe(true);
    expect(ports.length).toBeGreaterThanOrEqual(16);
  });

  it("join the kernel's list without repeating a port a range already covers", () => {
    expect(withReserved("\n", [50051, 50052])).toBe("50051,50052");
    expect(withReserved("50000-50055,9999\n", [50051, 50056])).toBe("50000-50055,9999,50056");
    expect(withReserved("50051,50052", [50051, 50052])).toBe("50051,50052");
  });
});
