/// The workflow model, its loader and static checks.
public enum BuyflowWorkflow {}
