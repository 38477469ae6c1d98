/**
 * A value made on its first use instead of when its module loads: `const rowSchema =
 * onFirstUse(() => z.object(...))`, then `rowSchema().parse(x)` and
 * `z.infer<ReturnType<typeof rowSchema>>`. The same instance every call.
 *
 * NOTE: a zod schema, a state machine or an `Intl` object costs its making (a schema's internals,
 * a machine's state tree, a locale's data) as its module is evaluated; on a phone a first
 * screen's modules evaluate in one task, so what it does not use before its first paint is better
 * made when it is first needed.
 */
// NOTE: marked free of side effects, so a bundler drops a value made so that nothing uses (a schema
// only the bridge parses with, in a file the client also imports).
/* @__NO_SIDE_EFFECTS__ */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
