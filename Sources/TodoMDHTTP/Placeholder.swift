import Hummingbird
import Logging
