// The folders of entries as Astro content collections: content/people/,
// content/careers/ and content/charity/, one JSON file per person, vacancy and
// partner. Each is read against its JSON Schema (content/schema/entries/), the
// one the build validates with first (scripts/validate-content.mjs, which
// names the file, field and reason) and the editor's forms are made from; the
// TypeScript types are generated from the same schemas (scripts/content-types.mjs).
import { defineCollection } from "astro:content";
import { glob } from "astro/loaders";
import { z } from "astro/zod";
import type { Partner, Person, VacancyEntry } from "@/generated/content-entries";
import careers from "#content/schema/entries/careers.schema.json";
import charity from "#content/schema/entries/charity.schema.json";
import people from "#content/schema/entries/people.schema.json";

function entries<T>(folder: string, schema: object) {
  return defineCollection({
    loader: glob({ pattern: "*.json", base: `../content/${folder}` }),
    schema: z.fromJSONSchema(schema as z.core.JSONSchema.JSONSchema) as z.ZodType<T>,
  });
}

export const collections = {
  people: entries<Person>("people", people),
  careers: entries<VacancyEntry>("careers", careers),
  charity: entries<Partner>("charity", charity),
};
