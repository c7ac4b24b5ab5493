// POST /neos/validateCredentials (docs/product/firm-and-neos.md): asks Neos, stores nothing. Owner and
// administrator only: the credentials form belongs to the firm's settings, which representatives
// cannot edit (docs/product/firm-and-neos.md).
import type { FastifyInstance } from 'fastify';
import type { NeosClient } from './client';
import type { Route } from '../http/contractTypes';
import { validationFailed } from '../http/errors';
import { credentialsFieldErrors, requireValidCredentials, trimmedCredentials } from './service';

export interface NeosRoutesOptions {
  neos: NeosClient;
}

export async function neosRoutes(app: FastifyInstance, { neos }: NeosRoutesOptions): Promise<void> {
  app.post<Route<'validateNeosCredentials'>>(
    '/neos/validateCredentials',
    { config: { access: ['owner', 'administrator'] } },
    async (request) => {
      const fields = credentialsFieldErrors(request.body);
      if (Object.keys(fields).length > 0) throw validationFailed(fields);
      await requireValidCredentials(neos, trimmedCredentials(request.body));
      return { data: { valid: true } };
    },
  );
}
