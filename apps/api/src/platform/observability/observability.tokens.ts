/** the process's Prometheus metrics (a ServiceMetrics of @cardcraft/observability) */
export const SERVICE_METRICS = Symbol('SERVICE_METRICS');
