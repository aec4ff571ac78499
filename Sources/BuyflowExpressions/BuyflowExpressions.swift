/// The workflow expression language: `${{ … }}` templates, assertions, captures, conditions.
public enum BuyflowExpressions {}
