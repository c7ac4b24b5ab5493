import {
  OperationNodeTransformer,
  PrimitiveValueListNode,
  ValueNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/**
 * better-sqlite3 refuses to bind JavaScript booleans, so every boolean parameter becomes 0/1 on
 * SQLite; code above the connection writes `true`/`false` on both databases.
 */
export class SqliteBooleanPlugin implements KyselyPlugin {
  readonly #transformer = new BooleanToIntegerTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

class BooleanToIntegerTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    if (typeof node.value !== 'boolean') return node;
    const value = node.value ? 1 : 0;
    // Immediate values are written into the SQL text (DDL defaults), the others are bound.
    return node.immediate ? ValueNode.createImmediate(value) : ValueNode.create(value);
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return PrimitiveValueListNode.create(node.values.map((value) => (typeof value === 'boolean' ? Number(value) : value)));
  }
}
