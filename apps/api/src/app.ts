import 'reflect-metadata';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { Logger, RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { LogController } from 'fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { constants as zlib } from 'node:zlib';
import type { IncomingMessage } from 'node:http';
import { AppModule } from './app.module';
import { SESSION_COOKIE } from './auth/session-cookie';
import { frameworkErrors } from './platform/common/framework-errors';
import { HttpExceptionFilter } from './platform/common/http-exception.filter';
import { createValidationPipe } from './platform/common/validation.pipe';
import type { AppConfig } from './platform/config/app-config';
import { AnswerHeaders, registerAnswerHeaders } from './platform/security/security-headers';
import { spaFallback } from './platform/web/spa-fallback';
import { registerCardRoutes } from './public/card-routes';
import { CardPageEntry } from './public/card-page-entry';
import { requestIdOf } from './public/request-id';
import { MEDIA_ROUTES } from './media/media.controller';
import { SECURITY_TXT_ROUTE } from './security-txt/security-txt.controller';
import { registerUploadBodyParser } from './media/media-body';
import { describeCardJsonRead } from './platform/openapi/card-json-read';
import { dtoSchemas } from './platform/openapi/dto-schemas';
import * as contracts from '@cardcraft/contracts';
import { createLogger, ServiceMetrics, type Logger as PinoLogger } from '@cardcraft/observability';
import { NestPinoLogger } from './platform/observability/nest-logger';
import { requestObserver } from './platform/observability/request-log';
import type { OpenAPIObject } from '@nestjs/swagger';

export interface AppOptions {
  /** the process's logger; default: JSON lines on stdout (human-readable in a terminal) at LOG_LEVEL */
  logger?: PinoLogger;
  /** the process's metrics; default: a fresh registry */
  metrics?: ServiceMetrics;
  /** headers every answer carries besides the security headers (AnswerHeaders) */
  answerHeaders?: Readonly<Record<string, string>>;
}

/** builds the HTTP application (not yet listening): used by main.ts and by the integration tests */
export async function createApp(
  config: AppConfig,
  options: AppOptions = {},
): Promise<NestFastifyApplication> {
  const logger = options.logger ?? createLogger({ level: config.logLevel, service: 'api' });
  const metrics = options.metrics ?? new ServiceMetrics('api');
  const observe = requestObserver(logger, metrics);
  const answerHeaders = new AnswerHeaders(config, options.answerHeaders);
  // the card pipeline's entry before fastify: a guest's kept page answered in the server's listener
  const cardPageEntry = new CardPageEntry(config, answerHeaders, observe);
  const adapter = new FastifyAdapter({
    // fastify's own logger is the process's pino; one line a request is written by the onResponse hook
    // below (fastify's default is two)
    loggerInstance: logger,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    frameworkErrors: frameworkErrors(answerHeaders),
    genReqId: (request: IncomingMessage) => requestIdOf(request.headers),
    // no nest middleware here: without middie's hook on every request
    skipMiddie: true,
    serverFactory: cardPageEntry.serverFactory,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, metrics), adapter, {
    logger: new NestPinoLogger(logger),
    bufferLogs: false,
  });

  // parses the browser's session cookie (the auth guard reads it) and lets replies set it
  await app.register(fastifyCookie);

  // every text answer compressed (json, the app's files), with brotli at a quality and window cheap
  // enough to run per request. the card's answers come compressed from its pipeline and are left alone.
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_LGWIN]: 18 } },
  });

  // content security policy, framing, hsts, the request id and the rest on every answer
  registerAnswerHeaders(app, answerHeaders);

  const fastify = app.getHttpAdapter().getInstance();
  // a plain callback, not an async function: this runs on every answer, and a promise per request costs
  fastify.addHook('onResponse', (request, reply, done) => {
    observe({
      requestId: request.id,
      method: request.method,
      url: request.url,
      route: request.routeOptions.url ?? 'unmatched',
      status: reply.statusCode,
      ms: reply.elapsedTime,
      ip: request.ip,
    });
    done();
  });

  // one error shape for every failure, nest's routes and the card's alike
  const errors = new HttpExceptionFilter(config.webDistDir ? spaFallback(config.webDistDir) : undefined);
  // every address of a card (/u/{handle}/..., and its JSON read) goes through its one pipeline
  registerCardRoutes(app, answerHeaders, errors);
  cardPageEntry.install(app);
  // stored images at /media/{key}: read only, so GET alone (the upload is POST /api/media/{kind}); the
  // security contact where RFC 9116 puts it
  app.setGlobalPrefix('api', {
    exclude: [...MEDIA_ROUTES, SECURITY_TXT_ROUTE].map((path) => ({ path, method: RequestMethod.GET })),
  });
  // avatars and banners are sent as the image's bytes
  registerUploadBodyParser(app, config);
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(errors);
  app.enableCors(
    config.corsOrigins.length > 0
      ? { origin: config.corsOrigins.includes('*') ? true : config.corsOrigins, credentials: false }
      : { origin: false },
  );

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Cardcraft API')
      .setDescription(
        'Digital business cards: accounts, profiles, public pages, QR codes, messages and analytics.',
      )
      .setVersion('1')
      .addBearerAuth({
        type: 'http',
        scheme: 'bearer',
        description: 'API clients: the accessToken of sign-in',
      })
      .addCookieAuth(SESSION_COOKIE, {
        type: 'apiKey',
        in: 'cookie',
        description: 'browsers: the HttpOnly session cookie sign-in sets; changes need a same-site Origin',
      })
      .build(),
  );
  describeContractSchemas(document);
  describeCardJsonRead(document);
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });

  if (config.webDistDir) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      prefix: '/',
      wildcard: true,
      // '/' is the SPA's index; every other page path falls back to it (spaFallback)
      index: ['index.html'],
      // vite's hashed assets never change; everything else is revalidated: index.html, and the
      // installable dashboard's service worker (sw.js) and manifest, which a long cache would keep
      // browsers on an old app with (docs/offline.md)
      setHeaders: (reply, path) => {
        void reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    new Logger('Web').warn(
      'apps/web/dist not found: serving the API only (run npm run build to include the web app)',
    );
  }
  return app;
}

/** fills the request-body schemas nest found (by class name) from the contracts' validation rules */
function describeContractSchemas(document: OpenAPIObject): void {
  const schemas = (document.components ??= {}).schemas ?? {};
  const classes = Object.keys(schemas)
    .map((name) => (contracts as Record<string, unknown>)[name])
    .filter((value): value is new () => object => typeof value === 'function');
  document.components.schemas = { ...schemas, ...(dtoSchemas(classes) as typeof schemas) };
}
