import { VIEW_CONTEXT_LIMITS } from '@cardcraft/contracts';
import type { OpenAPIObject } from '@nestjs/swagger';

/**
 * the card's JSON read in the api's document. it is served by the card's pipeline as a plain route,
 * which nest's document cannot see, so it is described here; its operation keeps the id it always had.
 */
export function describeCardJsonRead(document: OpenAPIObject): void {
  document.paths['/api/public/profiles/{handle}'] = {
    get: {
      operationId: 'PublicProfilesController_read',
      tags: ['public'],
      summary: 'A published card as JSON; a client that shows it records a view by this read',
      parameters: [
        { name: 'handle', in: 'path', required: true, schema: { type: 'string' } },
        ...Object.entries(VIEW_CONTEXT_LIMITS).map(([name, maxLength]) => ({
          name,
          in: 'query' as const,
          required: false,
          description:
            name === 'src' ? 'how the visitor arrived (qr, link, share)' : 'where the visit came from',
          schema: { type: 'string', maxLength },
        })),
      ],
      responses: {
        '200': { description: 'the card as its visitors see it' },
        '400': { description: 'a query parameter that is not one of these, or too long' },
        '404': { description: "no published card has this handle (a draft is its owner's alone)" },
      },
    },
  };
}
