// An in-memory CacheStorage with the part of its interface the service worker's modules use.
export class FakeCaches {
  constructor() {
    this.stores = new Map();
  }

  async has(name) {
    return this.stores.has(name);
  }

  async keys() {
    return [...this.stores.keys()];
  }

  async delete(name) {
    return this.stores.delete(name);
  }

  async open(name) {
    if (!this.stores.has(name)) this.stores.set(name, new FakeCache());
    return this.stores.get(name);
  }
}

class FakeCache {
  constructor() {
    this.entries = new Map();
  }

  async put(url, response) {
    // Stored whole, as a cache does: a later read gets its own copy of the body.
    this.entries.set(String(url), { body: await response.arrayBuffer(), status: response.status, headers: response.headers });
  }

  async match(url) {
    const entry = this.entries.get(String(url));
    return entry ? new Response(entry.body.slice(0), { status: entry.status, headers: entry.headers }) : undefined;
  }

  async delete(url) {
    return this.entries.delete(String(url));
  }

  async keys() {
    return [...this.entries.keys()];
  }
}
