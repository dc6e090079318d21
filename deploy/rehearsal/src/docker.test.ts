import { describe, expect, it } from "vitest";
import { dockerSteps } from "./docker";

describe("dockerSteps", () => {
  it("does nothing when a daemon answers", () => {
    expect(dockerSteps({ client: true, daemon: true, answers: true })).toEqual({
      install: false,
      startDaemon: false,
    });
  });

  it("installs docker.io when only a client is there (a static docker binary, no dockerd)", () => {
    expect(dockerSteps({ client: true, daemon: false, answers: false })).toEqual({
      install: true,
      startDaemon: true,
    });
  });

  it("installs docker.io on a machine without any Docker", () => {
    expect(dockerSteps({ client: false, daemon: false, answers: false })).toEqual({
      install: true,
      startDaemon: true,
    });
  });

  it("only starts dockerd when it is installed but not running", () => {
    expect(dockerSteps({ client: true, daemon: true, answers: false })).toEqual({
      install: false,
      startDaemon: true,
    });
  });
});
