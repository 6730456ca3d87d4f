import { SetMetadata } from '@nestjs/common';

export const BARE_RESPONSE = 'hcs:bare-response';

/**
 * Marks a route whose body is a document in its own standard's shape (discovery documents,
 * OpenAPI, feeds, OAuth): not wrapped in the success envelope.
 */
export const Bare = () => SetMetadata(BARE_RESPONSE, true);
