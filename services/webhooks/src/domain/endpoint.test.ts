import type { FieldErrors } from "@mp/errors";
import { describe, expect, it } from "vitest";
import { checkEvents, checkUrl } from "./endpoint";

const check = (url: string, rules = { httpsOnly: false, allowPrivate: false }) => {
  const errors: FieldErrors = {};
  checkUrl(url, rules, "body.url", errors);
  return errors["body.url"];
};

describe("endpoint URLs", () => {
  it("takes http(s) outside production and only https in production", () => {
    expect(check("https://hooks.example.com/in")).toBeUndefined();
    expect(check("http://hooks.example.com/in")).toBeUndefined();
    expect(check("http://hooks.example.com/in", { httpsOnly: true, allowPrivate: false })).toBeDefined();
    expect(check("ftp://hooks.example.com/in")).toBeDefined();
    expect(check("not a url")).toBeDefined();
    expect(check("https://hooks.example.com/\tin")).toBeDefined();
    expect(check("https://hooks.example.com/in\n")).toBeDefined();
  });

  it("refuses credentials, localhost and non-public IP literals unless private addresses are allowed", () => {
    expect(check("https://user:pw@hooks.example.com/")).toBeDefined();
    for (const url of [
      "http://127.0.0.1:8080/",
      "http://[::1]/",
      "http://169.254.169.254/",
      "http://localhost/",
    ])
      expect(check(url)).toBeDefined();
    expect(check("http://127.0.0.1:8080/", { httpsOnly: false, allowPrivate: true })).toBeUndefined();
  });
});

describe("endpoint events", () => {
  it("needs at least one known event, and drops repeats", () => {
    const errors: FieldErrors = {};
    expect(checkEvents(["purchase.completed", "purchase.completed"], "body.events", errors)).toEqual([
      "purchase.completed",
    ]);
    expect(errors).toEqual({});
    checkEvents([], "body.events", errors);
    expect(errors["body.events"]).toBeDefined();
    const unknown: FieldErrors = {};
    checkEvents(["purchase.completed", "endpoint.disabled"], "body.events", unknown);
    expect(unknown["body.events"]?.[0]).toContain("endpoint.disabled");
  });
});
