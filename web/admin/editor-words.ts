// Decap's own messages, in the words of the firm's staff rather than a
// developer's: a rule broken says what is allowed (the field's message from
// the schema), not "didn't match the pattern", and leaving an entry says what
// is lost. Merged over Decap's English phrases (CMS.getLocale("en")).

/** The phrases replaced, by Decap's key path. */
export const editorWords = {
  editor: {
    editorControlPane: {
      widget: {
        required: "Fill in %{fieldLabel}: it is required.",
        // The pattern's message from the schema says what is allowed, with an example.
        regexPattern: "%{pattern}.",
        range: "Use a number from %{minValue} to %{maxValue}.",
        min: "Use a number of at least %{minValue}.",
        max: "Use a number of at most %{maxValue}.",
        rangeCount: "%{fieldLabel} needs %{minCount} to %{maxCount} items.",
        rangeCountExact: "%{fieldLabel} needs exactly %{count} items.",
        rangeMin: "%{fieldLabel} needs at least %{minCount} item(s).",
        rangeMax: "%{fieldLabel} may have at most %{maxCount} item(s).",
      },
    },
    // Asked before leaving an entry with unsaved changes: OK leaves, Cancel stays.
    editor: {
      onLeavePage:
        "Your changes are not saved: if you leave this page, they will be lost. Leave anyway?",
    },
  },
};

type Phrases = { [key: string]: string | Phrases };

/** `base` with `over`'s phrases put in, key by key (neither is changed). */
export function mergePhrases(base: Phrases, over: Phrases): Phrases {
  const out: Phrases = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = out[key];
    out[key] =
      typeof value === "object" && current && typeof current === "object"
        ? mergePhrases(current, value)
        : value;
  }
  return out;
}
