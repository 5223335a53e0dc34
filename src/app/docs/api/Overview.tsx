import type { OpenApiDocument } from "@/server/openapi";
import { sessionCookieOf } from "./curl";
import { InlineText } from "./InlineText";
import { errorCodes, operationAnchor } from "./model";

/** "Using the API": the raw document, how to sign in for session endpoints, and the error shape with every code. */
export function Overview({ doc, operations }: { doc: OpenApiDocument; operations: number }) {
  const codes = errorCodes(doc);
  const a = "text-gold underline underline-offset-2 hover:text-gold-hover";
  const code = "font-mono text-[0.9em] text-text";
  return (
    <section
      id="using-the-api"
      aria-labelledby="using-the-api-title"
      className="scroll-mt-20 space-y-6 text-sm leading-6"
    >
      <h2 id="using-the-api-title" className="text-xl font-semibold text-text">
        Using the API
      </h2>
      <p className="text-text/90">
        {operations} operations at <code className={code}>{doc.servers[0]?.url}</code>.{" "}
        <InlineText text={doc.info.description} /> The machine-readable OpenAPI 3.1 document is at{" "}
        <a className={a} href="/api/openapi.json">
          /api/openapi.json
        </a>{" "}
        (for code generators and API clients).
      </p>
      <div>
        <h3 className="mb-1 font-semibold text-text">Signing in</h3>
        <p className="text-text/90">
          Operations marked “session” need the <code className={code}>{sessionCookieOf(doc)}</code> cookie of
          a Sign-In With Ethereum session: get a nonce from{" "}
          <a className={a} href={`#${operationAnchor("get", "/api/auth/nonce")}`}>
            GET /api/auth/nonce
          </a>
          , sign the SIWE message with the wallet (<code className={code}>personal_sign</code>) and send it to{" "}
          <a className={a} href={`#${operationAnchor("post", "/api/auth/verify")}`}>
            POST /api/auth/verify
          </a>
          , which sets the cookie. In the curl examples <code className={code}>$SESSION</code> stands for its
          value. Quest platforms use the public endpoints, which need no session.
        </p>
      </div>
      <div>
        <h3 className="mb-1 font-semibold text-text">Reading the schemas</h3>
        <p className="text-text/90">
          Inputs and answers are written as TypeScript-like types: <code className={code}>name?:</code> marks
          an optional field, <code className={code}>Array&lt;…&gt;</code> and{" "}
          <code className={code}>T[]</code> a list, <code className={code}>Record&lt;string, T&gt;</code> an
          object of any keys, <code className={code}>|</code> one of several shapes; formats, limits and notes
          follow as <code className={code}>{"//"}</code> comments.
        </p>
      </div>
      <div id="schema-Error" className="scroll-mt-20">
        <h3 className="mb-1 font-semibold text-text">Errors</h3>
        <p className="text-text/90">
          Every error is the status code with{" "}
          <code className={code}>{'{"error": {"code": "SNAKE_CASE", "message": "human text"}}'}</code>: 400
          bad input, 401 no session, 403 not allowed or a foreign origin, 404 not found, 409 conflict, 413
          body too large, 429 rate limited (wait for <code className={code}>Retry-After</code> seconds). The
          message is meant for people; branch on the code. The codes:
        </p>
        <p className="mt-2 font-mono text-xs leading-5 text-muted [overflow-wrap:anywhere]">
          {codes.join(" · ")}
        </p>
      </div>
    </section>
  );
}
