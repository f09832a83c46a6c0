import EssentialFeed
import Testing

@Suite struct FeedPhotoTests {
    @Test func widthInEachSize_isTheSizesWidthForALargePhoto() {
        let photo = FeedPhoto(width: 3000, height: 2000)

        #expect(FeedImageSize.allCases.map(photo.width(in:)) == [200, 400, 1080, 3000])
    }

    @Test func widthInEachSize_neverEnlargesASmallPhoto() {
        let photo = FeedPhoto(width: 300, height: 500)

        #expect(FeedImageSize.allCases.map(photo.width(in:)) == [200, 300, 300, 300])
    }

    @Test func fullSize_fitsTheLongSideIn4096Pixels() {
        #expect(FeedPhoto(width: 8192, height: 2048).width(in: .full) == 4096)
        #expect(FeedPhoto(width: 3000, height: 6000).width(in: .full) == 2048)
    }
}
