/**
 * A schema built on its first use instead of when its module loads: `const rowSchema =
 * lazySchema(() => z.object(...))`, then `rowSchema().parse(x)` and
 * `z.infer<ReturnType<typeof rowSchema>>`. The same instance every call.
 *
 * NOTE: a zod schema costs its making (each one's internals, checks and members) as its module
 * is evaluated; on a phone a first screen's modules evaluate in one task, so the schemas it does
 * not parse with before its first paint are better built when they are first needed.
 */
export function lazySchema<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}
