// A stand-in for the Neos case-management API (docs/architecture.md, Neos integration: "tests and the demo
// run a local Neos sandbox over real HTTP"). It knows one made-up set of credentials and answers
// the one call the app makes, the way an API-key service would: the key in the Authorization
// header, the ids in the JSON body, 200 when all three belong together and 401 otherwise.
import Fastify from 'fastify';

/** The only credentials the sandbox accepts. Made up; they open nothing anywhere else. */
export const SANDBOX_CREDENTIALS = Object.freeze({
  companyId: 'sandbox-company',
  integrationId: 'sandbox-integration',
  apiKey: 'sandbox-key-0001',
});

/** The call NeosClient makes (server/neos/client.ts). */
export const VALIDATE_CREDENTIALS_PATH = '/v1/credentials/validate';

export interface NeosSandboxOptions {
  /** 0 or absent: any free port. */
  port?: number;
  /** Loopback by default: the sandbox is for this machine only. */
  host?: string;
}

export interface NeosSandbox {
  /** Base address, e.g. http://127.0.0.1:40123 (what NEOS_API_URL would hold). */
  url: string;
  close(): Promise<void>;
}

interface ValidateBody {
  companyId: string;
  integrationId: string;
}

const validateBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['companyId', 'integrationId'],
  properties: {
    companyId: { type: 'string', maxLength: 200 },
    integrationId: { type: 'string', maxLength: 200 },
  },
} as const;

function apiKeyOf(header: string | undefined): string | undefined {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

export async function startNeosSandbox(options: NeosSandboxOptions = {}): Promise<NeosSandbox> {
  const app = Fastify({ logger: false });

  app.post<{ Body: ValidateBody }>(VALIDATE_CREDENTIALS_PATH, { schema: { body: validateBodySchema } }, async (request, reply) => {
    const { companyId, integrationId } = request.body;
    const accepted =
      apiKeyOf(request.headers.authorization) === SANDBOX_CREDENTIALS.apiKey &&
      companyId === SANDBOX_CREDENTIALS.companyId &&
      integrationId === SANDBOX_CREDENTIALS.integrationId;
    if (!accepted) return reply.code(401).send({ error: 'invalid_credentials', message: 'Unknown company, integration or API key' });
    return { valid: true, companyId, integrationId };
  });

  const host = options.host ?? '127.0.0.1';
  await app.listen({ host, port: options.port ?? 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The Neos sandbox has no TCP address');
  return {
    url: `http://${host}:${address.port}`,
    close: () => app.close(),
  };
}
