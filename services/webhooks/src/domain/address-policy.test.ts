import { describe, expect, it } from "vitest";
import { refusedAddress } from "./address-policy";

describe("addresses a webhook may reach", () => {
  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "93.184.216.34",
    "2606:4700:4700::1111",
    "2a00:1450:4001:80b::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::8.8.8.8",
  ])("public %s is allowed", (address) => {
    expect(refusedAddress(address)).toBeUndefined();
  });

  it.each([
    ["loopback", "127.0.0.1"],
    ["loopback, anywhere in 127/8", "127.255.0.9"],
    ["this network", "0.0.0.0"],
    ["private 10/8", "10.1.2.3"],
    ["private 172.16/12", "172.31.255.255"],
    ["private 192.168/16", "192.168.1.1"],
    ["CGNAT", "100.64.0.1"],
    ["link-local", "169.254.1.1"],
    ["cloud metadata", "169.254.169.254"],
    ["benchmarking", "198.18.0.1"],
    ["documentation", "203.0.113.5"],
    ["multicast", "224.0.0.1"],
    ["reserved", "240.0.0.1"],
    ["broadcast", "255.255.255.255"],
    ["IPv6 loopback", "::1"],
    ["IPv6 unspecified", "::"],
    ["IPv6 unique-local", "fd00::1"],
    ["IPv6 metadata (AWS)", "fd00:ec2::254"],
    ["IPv6 link-local", "fe80::1"],
    ["IPv6 link-local with zone", "fe80::1%eth0"],
    ["IPv6 site-local", "fec0::1"],
    ["IPv6 multicast", "ff02::1"],
    ["IPv6 documentation", "2001:db8::1"],
    ["mapped loopback, dotted", "::ffff:127.0.0.1"],
    ["mapped loopback, hex", "::ffff:7f00:1"],
    ["mapped metadata", "::ffff:169.254.169.254"],
    ["mapped private, upper case", "::FFFF:10.0.0.1"],
    ["compatible loopback", "::127.0.0.1"],
    ["NAT64 of a private address", "64:ff9b::10.0.0.1"],
    ["6to4 of a private address", "2002:0a00:0001::1"],
    ["bracketed", "[::1]"],
    ["not an address", "example.com"],
  ])("%s (%s) is refused", (_, address) => {
    expect(refusedAddress(address)).toBeDefined();
  });
});
