// jsdom without the web platform pieces Node already has (fetch, Request, streams, encoders):
// react-router's data router builds Request objects, and our API client uses fetch.
const { TestEnvironment } = require('jest-environment-jsdom');

const nodeGlobals = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'AbortController',
  'AbortSignal',
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'structuredClone',
  'BroadcastChannel',
];

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of nodeGlobals) {
      if (globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
    // As in a browser, a relative URL resolves against the page's address.
    const page = this.global;
    const NodeRequest = globalThis.Request;
    this.global.Request = class Request extends NodeRequest {
      constructor(input, init) {
        const relative = typeof input === 'string' || input instanceof URL;
        super(relative ? new URL(String(input), page.location.href) : input, init);
      }
    };
  }
}

module.exports = JsdomWithFetchEnvironment;
