import { nestedTypeOf } from '@cardcraft/contracts';
import { getMetadataStorage } from 'class-validator';

/** one validator on one property, as class-validator's public metadata storage hands it out */
type ValidationMetadata = ReturnType<
  ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']
>[number];

export interface JsonSchema {
  type?: string;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  enum?: unknown[];
  items?: JsonSchema;
  $ref?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  nullable?: boolean;
}

type DtoClass = new () => object;

/** one validator's contribution to a property's schema */
function applyRule(schema: JsonSchema, rule: ValidationMetadata): void {
  const [first] = rule.constraints ?? [];
  switch (rule.name) {
    case 'isString':
      schema.type = 'string';
      break;
    case 'isEmail':
      Object.assign(schema, { type: 'string', format: 'email' });
      break;
    case 'isUrl':
      Object.assign(schema, { type: 'string', format: 'uri' });
      break;
    case 'isIso8601':
    case 'isISO8601':
      Object.assign(schema, { type: 'string', format: 'date-time' });
      break;
    case 'minLength':
      schema.minLength = first as number;
      break;
    case 'maxLength':
      schema.maxLength = first as number;
      break;
    case 'matches':
      schema.pattern = (first as RegExp).source;
      break;
    case 'isBoolean':
      schema.type = 'boolean';
      break;
    case 'isInt':
      schema.type = 'integer';
      break;
    case 'min':
      schema.minimum = first as number;
      break;
    case 'max':
      schema.maximum = first as number;
      break;
    case 'isIn':
      schema.enum = first as unknown[];
      break;
    case 'equals':
      schema.enum = [first];
      break;
    case 'arrayMaxSize':
      schema.maxItems = first as number;
      break;
  }
}

/**
 * the OpenAPI schemas of DTO classes, read from their class-validator rules: the contracts stay free of
 * swagger decorators (the web app imports them) and the document still shows every field and bound.
 */
export function dtoSchemas(classes: DtoClass[]): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  const pending = [...classes];
  while (pending.length > 0) {
    const cls = pending.pop()!;
    if (out[cls.name]) continue;
    const defaults = new cls() as Record<string, unknown>;
    const byProperty = new Map<string, ValidationMetadata[]>();
    for (const rule of getMetadataStorage().getTargetValidationMetadatas(cls, '', true, false)) {
      byProperty.set(rule.propertyName, [...(byProperty.get(rule.propertyName) ?? []), rule]);
    }
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const [property, rules] of byProperty) {
      const element: JsonSchema = {};
      let isArray = false;
      let optional = defaults[property] !== undefined;
      for (const rule of rules) {
        if (rule.name === 'isOptional' || rule.type === 'conditionalValidation') optional = true;
        if (rule.name === 'isArray' || rule.each) isArray = true;
        if (rule.type === 'nestedValidation') {
          const nested = nestedTypeOf(cls, property);
          if (nested) {
            element.$ref = `#/components/schemas/${nested.name}`;
            pending.push(nested);
          }
        } else {
          applyRule(element, rule);
        }
      }
      if (rules.some((rule) => rule.name === 'isOptional')) element.nullable = true;
      properties[property] = isArray
        ? { type: 'array', items: element, ...(element.maxItems ? { maxItems: element.maxItems } : {}) }
        : element;
      if (isArray) delete properties[property].items!.maxItems;
      if (!optional) required.push(property);
    }
    out[cls.name] = {
      type: 'object',
      properties,
      ...(required.length > 0 ? { required } : {}),
      additionalProperties: false,
    };
  }
  return out;
}
