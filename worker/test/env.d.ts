declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import('cloudflare:test').D1Migration[];
    JWT_SECRET: string;
  }
}

declare namespace Cloudflare {
  interface GlobalProps {
    mainModule: typeof import('../index');
  }
}
