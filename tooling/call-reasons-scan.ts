// Which refusal reasons each IPC call can give, found by reading its path through main: the call's
// override (src-main/api/call-overrides.ts) or its area service's method (call-routes.ts), then every
// function, method, constructor and constant it reaches in src-main and src-shared, collecting the reason
// words written where a reason is expected (the literal's contextual type is a union of reasons). A
// help for writing each call's `reasons` in its schema, not a proof: a call through an interface reaches
// the classes that implement it by name, and a reason built at run time is not seen.
//
//   npx tsx tooling/call-reasons-scan.ts            # prints `call: reasons` for every call that has some
//   npx tsx tooling/call-reasons-scan.ts --check    # also lists where the contract differs (exit 1)
import { resolve } from 'node:path';
import ts from 'typescript';
import { callContract, type CallName, type CallSpec } from '../src-shared/ipc/contract.js';
import { CALL_NAMES } from '../src-shared/ipc/names.js';
import { REFUSAL_REASONS } from '../src-shared/ipc/refusal-reasons.js';

const ROOT = resolve(import.meta.dirname, '..');
const REASONS = new Set<string>(REFUSAL_REASONS);

function inScope(file: ts.SourceFile): boolean {
  const path = file.fileName;
  return (
    !file.isDeclarationFile &&
    (path.includes('/src-main/') || path.includes('/src-shared/')) &&
    !path.includes('/src-main/sandbox/') &&
    !path.includes('/node_modules/')
  );
}

/** The string literals of a type (one, or the members of a union). */
function literalsOf(type: ts.Type): string[] {
  const members = type.isUnion() ? type.types : [type];
  return members.flatMap((member) => (member.isStringLiteral() ? [member.value] : []));
}

/**
 * Where a reason is expected: a union of two or more strings, each a reason word (a lone literal type
 * such as `kind: 'error'` is a discriminant, not a reason).
 */
function isReasonType(type: ts.Type | undefined): boolean {
  if (type === undefined) return false;
  const strings = literalsOf(type);
  return strings.length > 1 && strings.every((value) => REASONS.has(value));
}

export function scanCallReasons(): Map<CallName, Set<string>> {
  const program = ts.createProgram({
    // all of main, so the implementations of an interface (ApiServices' object in app-services.ts) are seen
    rootNames: ts.sys.readDirectory(resolve(ROOT, 'src-main'), ['.ts']),
    options: {
      target: ts.ScriptTarget.ES2023,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: ['node'],
    },
  });
  const checker = program.getTypeChecker();
  const files = program.getSourceFiles().filter(inScope);

  // interface name → the classes that say they implement it, and the object literals typed as it
  const implementers = new Map<string, ts.ClassLikeDeclaration[]>();
  const literals = new Map<string, ts.ObjectLiteralExpression[]>();
  for (const file of files)
    ts.forEachChild(file, function visit(node) {
      if (ts.isClassLike(node))
        for (const clause of node.heritageClauses ?? [])
          for (const type of clause.types) {
            const name = type.expression.getText();
            implementers.set(name, [...(implementers.get(name) ?? []), node]);
          }
      if (ts.isObjectLiteralExpression(node)) {
        const name = checker.getContextualType(node)?.getSymbol()?.getName();
        if (name !== undefined) literals.set(name, [...(literals.get(name) ?? []), node]);
      }
      ts.forEachChild(node, visit);
    });

  function declarationsOf(node: ts.Node): ts.Declaration[] {
    let symbol = checker.getSymbolAtLocation(node);
    if (symbol === undefined) return [];
    if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const found: ts.Declaration[] = [];
    for (const declaration of symbol.declarations ?? []) {
      if (!inScope(declaration.getSourceFile())) continue;
      found.push(declaration);
      // A method of an interface: the same-named members of the classes implementing it.
      if (
        (ts.isMethodSignature(declaration) ||
          (ts.isPropertySignature(declaration) &&
            declaration.type !== undefined &&
            ts.isFunctionTypeNode(declaration.type))) &&
        ts.isInterfaceDeclaration(declaration.parent)
      ) {
        const member = declaration.name.getText();
        const face = declaration.parent.name.text;
        for (const klass of implementers.get(face) ?? [])
          for (const element of klass.members) if (element.name?.getText() === member) found.push(element);
        for (const object of literals.get(face) ?? [])
          for (const property of object.properties)
            if (property.name?.getText() === member) found.push(property);
      }
    }
    return found;
  }

  /**
   * What a reference leads to: a function, or a constant's value (a table of reasons, a list). A whole
   * object of functions is followed only where it is indexed (`TABLE[key]`): a property read reaches
   * its one member instead, so naming a table of writes does not walk every write.
   */
  function worthFollowing(declaration: ts.Declaration, indexed: boolean): boolean {
    if (ts.isFunctionLike(declaration)) return true;
    if (ts.isShorthandPropertyAssignment(declaration)) return true;
    if (
      ts.isVariableDeclaration(declaration) ||
      ts.isPropertyDeclaration(declaration) ||
      ts.isPropertyAssignment(declaration)
    ) {
      let value = declaration.initializer;
      while (
        value !== undefined &&
        (ts.isAsExpression(value) || ts.isSatisfiesExpression(value) || ts.isParenthesizedExpression(value))
      )
        value = value.expression;
      if (value === undefined) return false;
      return !ts.isObjectLiteralExpression(value) || indexed;
    }
    return false;
  }

  const reasonsOf = new Map<ts.Node, Set<string>>();
  /** The reasons a body gives, following what it reaches (each node once per walk). */
  const why = process.argv.includes('--why') ? process.argv[process.argv.indexOf('--why') + 1] : undefined;
  function walk(start: ts.Node): Set<string> {
    const seen = new Set<ts.Node>();
    const reasons = new Set<string>();
    const queue: ts.Node[] = [start];
    const from = new Map<ts.Node, ts.Node>();
    const push = (target: ts.Node, by: ts.Node): void => {
      if (!from.has(target)) from.set(target, by);
      queue.push(target);
    };
    const found = (reason: string, at: ts.Node): void => {
      reasons.add(reason);
      if (reason !== why) return;
      const chain: string[] = [];
      for (let step: ts.Node | undefined = at; step !== undefined; step = from.get(step)) {
        const file = step.getSourceFile();
        const { line } = file.getLineAndCharacterOfPosition(step.getStart());
        chain.push(`${file.fileName.slice(ROOT.length + 1)}:${line + 1}`);
      }
      console.error(`${reason}: ${chain.join(' ← ')}`);
    };
    while (queue.length > 0) {
      const node = queue.pop();
      if (node === undefined || seen.has(node)) continue;
      seen.add(node);
      const visit = (child: ts.Node): void => {
        if (ts.isTypeNode(child) || ts.isImportDeclaration(child)) return;
        if (ts.isStringLiteralLike(child) && REASONS.has(child.text)) {
          if (isReasonType(checker.getContextualType(child))) found(child.text, node);
        } else if (ts.isExpression(child) && !ts.isStringLiteralLike(child)) {
          // A constant standing for one reason (`reason: BELOW_EXPECTED_STOCK`).
          const own = literalsOf(checker.getTypeAtLocation(child));
          if (own.length === 1 && own.every((value) => REASONS.has(value)))
            if (isReasonType(checker.getContextualType(child))) found(own[0] ?? '', node);
        }
        if (ts.isIdentifier(child) || ts.isPrivateIdentifier(child)) {
          const indexed = ts.isElementAccessExpression(child.parent) && child.parent.expression === child;
          for (const declaration of declarationsOf(child))
            if (worthFollowing(declaration, indexed)) push(declaration, node);
        }
        if (ts.isNewExpression(child)) {
          for (const declaration of declarationsOf(child.expression))
            if (ts.isClassDeclaration(declaration)) {
              for (const member of declaration.members)
                if (ts.isConstructorDeclaration(member)) push(member, node);
              // the constructor of the class it extends, and field initialisers
              for (const clause of declaration.heritageClauses ?? [])
                for (const type of clause.types)
                  for (const base of declarationsOf(type.expression)) push(base, node);
            }
        }
        ts.forEachChild(child, visit);
      };
      ts.forEachChild(node, visit);
    }
    return reasons;
  }

  const overrides = files.find((file) => file.fileName.endsWith('/src-main/api/call-overrides.ts'));
  const routes = files.find((file) => file.fileName.endsWith('/src-main/api/call-routes.ts'));
  if (overrides === undefined || routes === undefined)
    throw new Error('call-overrides.ts or call-routes.ts not found');

  const overrideBodies = new Map<string, ts.Node>();
  ts.forEachChild(overrides, function visit(node) {
    if (ts.isPropertyAssignment(node) && ts.isStringLiteral(node.name) && node.name.text.includes('.'))
      overrideBodies.set(node.name.text, node.initializer);
    ts.forEachChild(node, visit);
  });
  const areaServices = new Map<string, ts.Type>();
  ts.forEachChild(routes, function visit(node) {
    if (ts.isVariableDeclaration(node) && node.name.getText() === 'STORE_AREAS' && node.initializer) {
      const object = ts.isAsExpression(node.initializer) ? node.initializer.expression : node.initializer;
      if (ts.isObjectLiteralExpression(object))
        for (const property of object.properties)
          if (ts.isPropertyAssignment(property) && ts.isArrowFunction(property.initializer))
            areaServices.set(property.name.getText(), checker.getTypeAtLocation(property.initializer.body));
    }
    ts.forEachChild(node, visit);
  });

  const result = new Map<CallName, Set<string>>();
  for (const name of CALL_NAMES) {
    const override = overrideBodies.get(name);
    const [area = '', verb = ''] = name.split('.');
    const starts: ts.Node[] = [];
    if (override !== undefined) starts.push(override);
    else {
      const method = areaServices.get(area)?.getProperty(verb);
      for (const declaration of method?.declarations ?? []) starts.push(declaration);
    }
    if (starts.length === 0) throw new Error(`${name}: neither an override nor a service method found`);
    const reasons = new Set<string>();
    for (const start of starts) {
      const cached = reasonsOf.get(start) ?? walk(start);
      reasonsOf.set(start, cached);
      for (const reason of cached) reasons.add(reason);
    }
    result.set(name, reasons);
  }
  return result;
}

function listed(name: CallName): readonly string[] {
  const spec: CallSpec = callContract[name];
  return spec.reasons ?? [];
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const found = scanCallReasons();
  let differ = 0;
  for (const [name, reasons] of found) {
    const sorted = [...reasons].sort();
    if (sorted.length > 0) console.log(`${name}: ${sorted.join(', ')}`);
    if (process.argv.includes('--check')) {
      const own = new Set(listed(name));
      const missing = sorted.filter((reason) => !own.has(reason));
      const extra = [...own].filter((reason) => !reasons.has(reason));
      if (missing.length + extra.length > 0) {
        differ += 1;
        console.log(`  ≠ contract: not listed [${missing.join(', ')}], not found [${extra.join(', ')}]`);
      }
    }
  }
  if (differ > 0) process.exitCode = 1;
}
