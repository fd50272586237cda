import type { FastifyRequest } from 'fastify';

/** what services may know of the request, without depending on the HTTP framework */
export interface RequestMeta {
  ip: string;
  userAgent: string;
  method: string;
  refererHeader: string | null;
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  const header = (name: string) => {
    const value = request.headers[name];
    return (Array.isArray(value) ? value[0] : value) ?? null;
  };
  return {
    ip: request.ip,
    userAgent: header('user-agent') ?? '',
    method: request.method,
    refererHeader: header('referer'),
  };
}
