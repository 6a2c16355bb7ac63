// Stands in for `cloudflare:workers` when the OpenAPI document is built in Node (lint-openapi.mjs):
// the router's imports reach the Durable Object classes, but building the document runs none of them.
export class DurableObject {
  constructor(ctx, env) {
    this.ctx = ctx;
    this.env = env;
  }
}
export const waitUntil = () => {};
export const env = {};
