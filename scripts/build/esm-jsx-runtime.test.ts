import { expect, test } from "vitest";
import { esmJsxRuntime } from "./esm-jsx-runtime.ts";

// The plugin's hooks, called as Vite calls them, with the environment they run in.
const plugin = esmJsxRuntime();
const resolve = (environment: string, id: string, importer?: string) =>
  (plugin.resolveId as (this: unknown, id: string, importer?: string) => string | null).call(
    { environment: { name: environment } },
    id,
    importer,
  );
const load = (id: string) => (plugin.load as (this: unknown, id: string) => string | null)(id);

test("the browser build's components get React's JSX runtime through the ES module", () => {
  const runtime = resolve("client", "react/jsx-runtime", "/app/root.tsx");
  expect(runtime).toBeTypeOf("string");
  const source = load(runtime ?? "");
  expect(source).toMatch(/from "react\/jsx-runtime"/);
  for (const name of ["jsx", "jsxs", "Fragment"]) {
    expect(source).toMatch(new RegExp(`export const ${name} = runtime\\.${name};`));
  }
  // Its own import reaches React's module, not itself.
  expect(resolve("client", "react/jsx-runtime", runtime ?? "")).toBeNull();
});

test("the server build keeps React's runtime as it is", () => {
  expect(resolve("ssr", "react/jsx-runtime", "/app/root.tsx")).toBeNull();
});
