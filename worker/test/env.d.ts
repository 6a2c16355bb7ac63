/* eslint-disable @typescript-eslint/consistent-type-imports -- ambient declarations can only name types this way */
declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import('cloudflare:test').D1Migration[];
    TEST_NEWS_MIGRATIONS: import('cloudflare:test').D1Migration[];
    TEST_AUDIT_MIGRATIONS: import('cloudflare:test').D1Migration[];
    JWT_SECRET: string;
  }
  interface GlobalProps {
    mainModule: typeof import('../index');
  }
}

declare module '*?raw' {
  const text: string;
  export default text;
}
