import EssentialFeed
import GRDB
