/// Generated workflows for the engine half of `buyflow-bench run`: N simple query steps
/// (one assertion, one capture each), or N steps that each poll three rounds.
enum RunCorpus {
    /// The stub's answer to every simple step.
    static let shopResponse = #"{"data":{"shop":{"name":"Sample Shoes"}}}"#

    /// `steps` steps of `query Shop { shop { name } }`, each asserting the name and
    /// capturing it under its own name (`name1`, `name2`, …).
    static func simple(steps: Int) -> String {
        var text = "version: 1\nname: Engine steps\nsteps:\n"
        for index in 1...steps {
            text += """
                  - name: Step \(index)
                    query: |
                      query Shop { shop { name } }
                    assert:
                      - data.shop.name == "Sample Shoes"
                    capture:
                      name\(index): data.shop.name

                """
        }
        return text
    }

    /// `steps` steps polling `cartCompletionAttempt` until `CartCompletionSuccess`, with the
    /// interval the answer gives (`pollDelay`), then asserting and capturing the order ID.
    static func polling(steps: Int) -> String {
        var text = "version: 1\nname: Engine polls\nsteps:\n"
        for index in 1...steps {
            text += """
                  - name: Poll \(index)
                    query: |
                      query Attempt($attemptId: String!) {
                        cartCompletionAttempt(attemptId: $attemptId) {
                          __typename
                          ... on CartCompletionProcessing { pollDelay }
                          ... on CartCompletionSuccess { orderId }
                        }
                      }
                    variables:
                      attemptId: attempt-\(index)
                    poll:
                      until: data.cartCompletionAttempt.__typename == "CartCompletionSuccess"
                      interval: data.cartCompletionAttempt.pollDelay
                      maxAttempts: 10
                    assert:
                      - data.cartCompletionAttempt.orderId matches "^gid://shopify/Order/"
                    capture:
                      order\(index): data.cartCompletionAttempt.orderId

                """
        }
        return text
    }

    /// The answer to the `number`th poll request (0-based): processing twice, then success.
    static func pollResponse(_ number: Int) -> String {
        number % 3 == 2
            ? #"{"data":{"cartCompletionAttempt":{"__typename":"CartCompletionSuccess","orderId":"gid://shopify/Order/1001"}}}"#
            : #"{"data":{"cartCompletionAttempt":{"__typename":"CartCompletionProcessing","pollDelay":100}}}"#
    }
}
