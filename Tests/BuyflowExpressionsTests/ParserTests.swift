import Testing
@testable import BuyflowExpressions
