import { type Container, ContainerModule, type ContainerModuleLoadOptions, type ResolutionContext } from 'inversify';

declare const boundType: unique symbol;

/**
 * A service identifier that carries the type of what is bound to it, so a binding and
 * every look-up are checked against it. At run time it is a plain symbol.
 */
export type Id<T> = symbol & { readonly [boundType]?: T };

/** The identifier named `gatehouse.<name>` (the same symbol wherever it is made). */
export function serviceId<T>(name: string): Id<T> {
  return Symbol.for(`gatehouse.${name}`) as Id<T>;
}

/** What a factory resolves its collaborators with: one service, or every binding of an id. */
export interface Resolve {
  <T>(id: Id<T>): T;
  all<T>(id: Id<T>): T[];
}

/**
 * Binds `id` to what `factory` makes of its collaborators, once (the container's
 * default scope is singleton). Called again for the same id, it adds a binding: the
 * ids that collect one per feature (web parts, purges, transactional stores).
 */
export type Provide = <T>(id: Id<T>, factory: (resolve: Resolve) => T) => void;

/** An inversify ContainerModule whose bindings are typed by their ids. */
export function typedModule(load: (provide: Provide, options: ContainerModuleLoadOptions) => void): ContainerModule {
  return new ContainerModule((options) => {
    const provide: Provide = (id, factory) => {
      options.bind(id).toDynamicValue((context) => factory(resolverOf(context)));
    };
    load(provide, options);
  });
}

/** The typed look-up of a resolution context, or of a whole container. */
export function resolverOf(source: ResolutionContext | Container): Resolve {
  const resolve = (<T>(id: Id<T>): T => source.get<T>(id)) as Resolve;
  resolve.all = <T>(id: Id<T>): T[] => source.getAll<T>(id);
  return resolve;
}
