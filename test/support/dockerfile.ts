import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../src/infrastructure/project-root.js';

/** One instruction, its continuation lines joined. */
export interface DockerInstruction {
  /** Upper case: FROM, COPY, CMD… */
  readonly keyword: string;
  readonly args: string;
}

/** A build stage: its FROM and what follows it. */
export interface DockerStage {
  readonly image: string;
  /** The name after AS, if any. */
  readonly name: string | null;
  readonly instructions: readonly DockerInstruction[];
}

/** The repository's Dockerfile as stages: enough of the format for the tests that run what it describes. */
export function readDockerfile(path = join(projectRoot(), 'Dockerfile')): DockerStage[] {
  const logical = readFileSync(path, 'utf8')
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const stages: { image: string; name: string | null; instructions: DockerInstruction[] }[] = [];
  for (const line of logical) {
    const [keyword = '', ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (keyword.toUpperCase() === 'FROM') {
      const [image = '', as, name] = rest;
      stages.push({ image, name: as?.toUpperCase() === 'AS' && name ? name : null, instructions: [] });
    } else {
      stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args });
    }
  }
  return stages;
}

/** The arguments of every `keyword` instruction of a stage. */
export function argsOf(stage: DockerStage, keyword: string): string[] {
  return stage.instructions.filter((instruction) => instruction.keyword === keyword).map((instruction) => instruction.args);
}

/** An exec-form (JSON array) command, as CMD, ENTRYPOINT and HEALTHCHECK … CMD take it; null for the shell form. */
export function execForm(args: string): string[] | null {
  if (!args.startsWith('[')) return null;
  const parsed: unknown = JSON.parse(args);
  return Array.isArray(parsed) && parsed.every((part) => typeof part === 'string') ? parsed : null;
}

/** ENV's `name=value` pairs (unquoted values only, which is all the Dockerfile uses). */
export function envOf(stage: DockerStage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const args of argsOf(stage, 'ENV')) {
    for (const pair of args.split(/\s+/)) {
      const at = pair.indexOf('=');
      if (at <= 0 || /["']/.test(pair)) throw new Error(`ENV ${args}: only unquoted name=value pairs are read`);
      env[pair.slice(0, at)] = pair.slice(at + 1);
    }
  }
  return env;
}
