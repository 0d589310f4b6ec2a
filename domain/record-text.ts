/**
 * A sentence naming a record by its values: each `{field}` of the template is replaced by that field's value as the
 * caller shows it (the console: as its record page shows it, ₹1,000 and "Asha Rao · +91 98450 22222"), so a dialog
 * says what it acts on ("Approve {amount} top-up for {userId}?" → "Approve ₹1,000 top-up for Asha Rao · +91 98450
 * 22222?"). A name that is no field of the record is left as written.
 */
export function recordText(template: string, valueOf: (field: string) => string | undefined): string {
  return template.replace(/\{([A-Za-z][A-Za-z0-9]*)\}/g, (whole, field: string) => valueOf(field) ?? whole);
}

/** The `{field}` names a template refers to, in order. */
export function recordTextFields(template: string): string[] {
  return [...template.matchAll(/\{([A-Za-z][A-Za-z0-9]*)\}/g)].map((m) => m[1]!);
}
