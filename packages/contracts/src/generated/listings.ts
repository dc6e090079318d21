import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { CreateListingRequest as _marketplace_listings_v1_CreateListingRequest, CreateListingRequest__Output as _marketplace_listings_v1_CreateListingRequest__Output } from './marketplace/listings/v1/CreateListingRequest';
import type { CreateOfferingRequest as _marketplace_listings_v1_CreateOfferingRequest, CreateOfferingRequest__Output as _marketplace_listings_v1_CreateOfferingRequest__Output } from './marketplace/listings/v1/CreateOfferingRequest';
import type { GetCurrentListingRequest as _marketplace_listings_v1_GetCurrentListingRequest, GetCurrentListingRequest__Output as _marketplace_listings_v1_GetCurrentListingRequest__Output } from './marketplace/listings/v1/GetCurrentListingRequest';
import type { GetInstanceReferenceRequest as _marketplace_listings_v1_GetInstanceReferenceRequest, GetInstanceReferenceRequest__Output as _marketplace_listings_v1_GetInstanceReferenceRequest__Output } from './marketplace/listings/v1/GetInstanceReferenceRequest';
import type { InstanceReference as _marketplace_listings_v1_InstanceReference, InstanceReference__Output as _marketplace_listings_v1_InstanceReference__Output } from './marketplace/listings/v1/InstanceReference';
import type { ListListingHistoryRequest as _marketplace_listings_v1_ListListingHistoryRequest, ListListingHistoryRequest__Output as _marketplace_listings_v1_ListListingHistoryRequest__Output } from './marketplace/listings/v1/ListListingHistoryRequest';
import type { ListListingVisibilityRequest as _marketplace_listings_v1_ListListingVisibilityRequest, ListListingVisibilityRequest__Output as _marketplace_listings_v1_ListListingVisibilityRequest__Output } from './marketplace/listings/v1/ListListingVisibilityRequest';
import type { ListListingsRequest as _marketplace_listings_v1_ListListingsRequest, ListListingsRequest__Output as _marketplace_listings_v1_ListListingsRequest__Output } from './marketplace/listings/v1/ListListingsRequest';
import type { ListListingsResponse as _marketplace_listings_v1_ListListingsResponse, ListListingsResponse__Output as _marketplace_listings_v1_ListListingsResponse__Output } from './marketplace/listings/v1/ListListingsResponse';
import type { ListOfferingsRequest as _marketplace_listings_v1_ListOfferingsRequest, ListOfferingsRequest__Output as _marketplace_listings_v1_ListOfferingsRequest__Output } from './marketplace/listings/v1/ListOfferingsRequest';
import type { Listing as _marketplace_listings_v1_Listing, Listing__Output as _marketplace_listings_v1_Listing__Output } from './marketplace/listings/v1/Listing';
import type { ListingPage as _marketplace_listings_v1_ListingPage, ListingPage__Output as _marketplace_listings_v1_ListingPage__Output } from './marketplace/listings/v1/ListingPage';
import type { ListingSummary as _marketplace_listings_v1_ListingSummary, ListingSummary__Output as _marketplace_listings_v1_ListingSummary__Output } from './marketplace/listings/v1/ListingSummary';
import type { ListingsServiceClient as _marketplace_listings_v1_ListingsServiceClient, ListingsServiceDefinition as _marketplace_listings_v1_ListingsServiceDefinition } from './marketplace/listings/v1/ListingsService';
import type { Money as _marketplace_listings_v1_Money, Money__Output as _marketplace_listings_v1_Money__Output } from './marketplace/listings/v1/Money';
import type { Offering as _marketplace_listings_v1_Offering, Offering__Output as _marketplace_listings_v1_Offering__Output } from './marketplace/listings/v1/Offering';
import type { OfferingPage as _marketplace_listings_v1_OfferingPage, OfferingPage__Output as _marketplace_listings_v1_OfferingPage__Output } from './marketplace/listings/v1/OfferingPage';
import type { SetListingVisibilityRequest as _marketplace_listings_v1_SetListingVisibilityRequest, SetListingVisibilityRequest__Output as _marketplace_listings_v1_SetListingVisibilityRequest__Output } from './marketplace/listings/v1/SetListingVisibilityRequest';
import type { SetListingVisibilityResponse as _marketplace_listings_v1_SetListingVisibilityResponse, SetListingVisibilityResponse__Output as _marketplace_listings_v1_SetListingVisibilityResponse__Output } from './marketplace/listings/v1/SetListingVisibilityResponse';
import type { VisibilityPage as _marketplace_listings_v1_VisibilityPage, VisibilityPage__Output as _marketplace_listings_v1_VisibilityPage__Output } from './marketplace/listings/v1/VisibilityPage';
import type { VisibilityState as _marketplace_listings_v1_VisibilityState, VisibilityState__Output as _marketplace_listings_v1_VisibilityState__Output } from './marketplace/listings/v1/VisibilityState';
import type { WithdrawOfferingRequest as _marketplace_listings_v1_WithdrawOfferingRequest, WithdrawOfferingRequest__Output as _marketplace_listings_v1_WithdrawOfferingRequest__Output } from './marketplace/listings/v1/WithdrawOfferingRequest';
import type { WithdrawOfferingResponse as _marketplace_listings_v1_WithdrawOfferingResponse, WithdrawOfferingResponse__Output as _marketplace_listings_v1_WithdrawOfferingResponse__Output } from './marketplace/listings/v1/WithdrawOfferingResponse';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  marketplace: {
    listings: {
      v1: {
        CreateListingRequest: MessageTypeDefinition<_marketplace_listings_v1_CreateListingRequest, _marketplace_listings_v1_CreateListingRequest__Output>
        CreateOfferingRequest: MessageTypeDefinition<_marketplace_listings_v1_CreateOfferingRequest, _marketplace_listings_v1_CreateOfferingRequest__Output>
        GetCurrentListingRequest: MessageTypeDefinition<_marketplace_listings_v1_GetCurrentListingRequest, _marketplace_listings_v1_GetCurrentListingRequest__Output>
        GetInstanceReferenceRequest: MessageTypeDefinition<_marketplace_listings_v1_GetInstanceReferenceRequest, _marketplace_listings_v1_GetInstanceReferenceRequest__Output>
        InstanceReference: MessageTypeDefinition<_marketplace_listings_v1_InstanceReference, _marketplace_listings_v1_InstanceReference__Output>
        ListListingHistoryRequest: MessageTypeDefinition<_marketplace_listings_v1_ListListingHistoryRequest, _marketplace_listings_v1_ListListingHistoryRequest__Output>
        ListListingVisibilityRequest: MessageTypeDefinition<_marketplace_listings_v1_ListListingVisibilityRequest, _marketplace_listings_v1_ListListingVisibilityRequest__Output>
        ListListingsRequest: MessageTypeDefinition<_marketplace_listings_v1_ListListingsRequest, _marketplace_listings_v1_ListListingsRequest__Output>
        ListListingsResponse: MessageTypeDefinition<_marketplace_listings_v1_ListListingsResponse, _marketplace_listings_v1_ListListingsResponse__Output>
        ListOfferingsRequest: MessageTypeDefinition<_marketplace_listings_v1_ListOfferingsRequest, _marketplace_listings_v1_ListOfferingsRequest__Output>
        Listing: MessageTypeDefinition<_marketplace_listings_v1_Listing, _marketplace_listings_v1_Listing__Output>
        ListingPage: MessageTypeDefinition<_marketplace_listings_v1_ListingPage, _marketplace_listings_v1_ListingPage__Output>
        ListingSummary: MessageTypeDefinition<_marketplace_listings_v1_ListingSummary, _marketplace_listings_v1_ListingSummary__Output>
        ListingsService: SubtypeConstructor<typeof grpc.Client, _marketplace_listings_v1_ListingsServiceClient> & { service: _marketplace_listings_v1_ListingsServiceDefinition }
        Money: MessageTypeDefinition<_marketplace_listings_v1_Money, _marketplace_listings_v1_Money__Output>
        Offering: MessageTypeDefinition<_marketplace_listings_v1_Offering, _marketplace_listings_v1_Offering__Output>
        OfferingPage: MessageTypeDefinition<_marketplace_listings_v1_OfferingPage, _marketplace_listings_v1_OfferingPage__Output>
        SetListingVisibilityRequest: MessageTypeDefinition<_marketplace_listings_v1_SetListingVisibilityRequest, _marketplace_listings_v1_SetListingVisibilityRequest__Output>
        SetListingVisibilityResponse: MessageTypeDefinition<_marketplace_listings_v1_SetListingVisibilityResponse, _marketplace_listings_v1_SetListingVisibilityResponse__Output>
        VisibilityPage: MessageTypeDefinition<_marketplace_listings_v1_VisibilityPage, _marketplace_listings_v1_VisibilityPage__Output>
        VisibilityState: MessageTypeDefinition<_marketplace_listings_v1_VisibilityState, _marketplace_listings_v1_VisibilityState__Output>
        WithdrawOfferingRequest: MessageTypeDefinition<_marketplace_listings_v1_WithdrawOfferingRequest, _marketplace_listings_v1_WithdrawOfferingRequest__Output>
        WithdrawOfferingResponse: MessageTypeDefinition<_marketplace_listings_v1_WithdrawOfferingResponse, _marketplace_listings_v1_WithdrawOfferingResponse__Output>
      }
    }
  }
}

