// The JSON Schema validator for content/schema/*.json, shared by the build's
// validation (validate-content.mjs), the content checks and the editor's
// configuration generator, so all of them read the schemas the same way.
//
// Besides standard JSON Schema (draft-07), the schemas carry one annotation:
// `editor`, how the editor shows a field (admin/config.mjs reads it). It sits
// on the definitions of media fields (`imageFile`, `logoFile`, `videoFile`,
// `documentFile`: see media-kinds.mjs) and of rich text (`markdown`):
//   "editor": { "widget": "image", "folder": "images", "message": "Choose a JPEG ..." }
// `widget` is the editor's widget, `folder` the folder of content/media/ a file
// field refers to (the build checks the file exists), `message` what the editor
// says when the value does not match the field's pattern, `label` the field's
// label. Ajv runs in strict mode, so any other unknown keyword in a schema is an
// error.
import Ajv from "ajv";

/**
 * Meta-schema of the `editor` annotation: the keys the build and the editor's
 * configuration (admin/config.mjs) read are typed; others are the editor's.
 */
export const editorMetaSchema = {
  type: "object",
  properties: {
    widget: { type: "string", minLength: 1 },
    folder: { type: "string", pattern: "^[a-z]+$" },
    message: { type: "string", minLength: 1 },
    label: { type: "string", minLength: 1 },
    // Rules between values (lib/content-rules.mjs): unique in its list (the
    // word for one entry, "vacancy"), assigned by the editor ("next": the next
    // free number), one of a list in another content file, not before a sibling date.
    unique: { type: "string", minLength: 1 },
    assign: { enum: ["next"] },
    // One of a list in a content file (`file`, `list`) or of a folder's entries (`folder`).
    options: {
      type: "object",
      additionalProperties: false,
      required: ["what"],
      oneOf: [{ required: ["file", "list"] }, { required: ["folder", "value"] }],
      properties: {
        file: { type: "string", pattern: "^[a-z-]+$" },
        folder: { type: "string", pattern: "^[a-z-]+$" },
        list: { type: "string", minLength: 1 },
        value: { type: "string", minLength: 1 },
        label: { type: "string", minLength: 1 },
        what: { type: "string", minLength: 1 },
      },
    },
    notBefore: { type: "string", minLength: 1 },
    // The editor's words for the values of an enum, by value.
    labels: { type: "object", additionalProperties: { type: "string", minLength: 1 } },
    // The widest a field shows its photo, in pixels: a narrower one is refused.
    minWidth: { type: "integer", minimum: 1 },
    // On the root of an entry schema: the fewest entries its folder may hold.
    minEntries: { type: "integer", minimum: 0 },
  },
  additionalProperties: false,
};

/**
 * @typedef {{ widget?: string, folder?: string, message?: string, label?: string, unique?: string, assign?: "next", options?: import("./content-rules.mjs").OptionsSource, notBefore?: string, labels?: Record<string, string>, minWidth?: number, minEntries?: number }} EditorAnnotation
 * @typedef {{ path: string, value: unknown, editor: EditorAnnotation }} AnnotatedValue
 */

/**
 * An Ajv instance with the options the build validates content with.
 * @param {(editor: EditorAnnotation, value: unknown, path: string) => void} [onAnnotated]
 *   called for every value a schema with an `editor` annotation applies to
 */
export function createAjv(onAnnotated) {
  const ajv = new Ajv({
    allErrors: true,
    // Each error carries its schema, so a pattern's error can say its `editor.message` (validate-content.mjs).
    verbose: true,
    strict: true,
    strictRequired: false,
    allowUnionTypes: true,
  });
  ajv.addKeyword({
    keyword: "editor",
    metaSchema: editorMetaSchema,
    ...(onAnnotated && {
      /** @type {import("ajv").DataValidateFunction} */
      validate: (
        /** @type {EditorAnnotation} */ editor,
        /** @type {unknown} */ value,
        /** @type {unknown} */ _parent,
        /** @type {import("ajv").DataValidationCxt | undefined} */ cxt,
      ) => {
        onAnnotated(editor, value, cxt?.instancePath ?? "");
        return true;
      },
    }),
  });
  return ajv;
}

/**
 * A validator that compiles each schema once and reports, with the errors,
 * every value whose schema carries an `editor` annotation: its JSON Pointer
 * ("/vacancies/0/roleText") and the annotation, in document order.
 */
export function createValidator() {
  /** @type {AnnotatedValue[] | undefined} */
  let found;
  const ajv = createAjv((editor, value, path) => found?.push({ path, value, editor }));
  /** @type {Map<object, import("ajv").ValidateFunction>} */
  const compiled = new Map();
  return {
    /**
     * Throws when the schema itself is invalid (strict mode: an unknown
     * keyword, a malformed `editor` annotation).
     * @param {object} schema
     * @param {unknown} data
     */
    validate(schema, data) {
      let fn = compiled.get(schema);
      if (!fn) {
        fn = ajv.compile(schema);
        compiled.set(schema, fn);
      }
      /** @type {AnnotatedValue[]} */
      const annotated = [];
      found = annotated;
      try {
        const valid = fn(data);
        return { valid, errors: fn.errors ?? [], annotated };
      } finally {
        found = undefined;
      }
    },
  };
}

/**
 * The annotated values of one content file (see createValidator).
 * @param {object} schema a content schema
 * @param {unknown} data the content file it describes
 * @returns {AnnotatedValue[]}
 */
export function annotatedValues(schema, data) {
  return createValidator().validate(schema, data).annotated;
}
