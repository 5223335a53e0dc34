// Module hook registered by ./server-only.mjs: `server-only` resolves to an empty module.
export async function resolve(specifier, context, next) {
  if (specifier === "server-only") return { url: "data:text/javascript,export{}", shortCircuit: true };
  return next(specifier, context);
}
