package io.tally.plan;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.linq4j.tree.BlockBuilder;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.rel.SingleRel;

/**
 * Code generation shared by the rels that pass their input's {@code Enumerable} through a runtime
 * method unchanged in row type ({@link ProfilingRel}, {@link HeapBudgetRel}): {@code return
 * method(root, input, constants...);}.
 */
final class InputWrapper {
    private InputWrapper() {}

    static <R extends SingleRel & EnumerableRel> EnumerableRel.Result implement(
            EnumerableRelImplementor implementor,
            R rel,
            EnumerableRel.Prefer pref,
            Method method,
            Object... constants) {
        EnumerableRel.Result input =
                implementor.visitChild(rel, 0, (EnumerableRel) rel.getInput(), pref);
        BlockBuilder builder = new BlockBuilder();
        List<Expression> args = new ArrayList<>();
        args.add(implementor.getRootExpression());
        args.add(builder.append("input", input.block));
        for (Object c : constants) {
            args.add(Expressions.constant(c));
        }
        builder.add(Expressions.return_(null, Expressions.call(method, args)));
        return implementor.result(input.physType, builder.toBlock());
    }
}
