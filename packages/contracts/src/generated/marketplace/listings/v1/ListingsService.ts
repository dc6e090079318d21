// Original file: proto/marketplace/listings/v1/listings.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CreateListingRequest as _marketplace_listings_v1_CreateListingRequest, CreateListingRequest__Output as _marketplace_listings_v1_CreateListingRequest__Output } from '../../../marketplace/listings/v1/CreateListingRequest';
import type { CreateOfferingRequest as _marketplace_listings_v1_CreateOfferingRequest, CreateOfferingRequest__Output as _marketplace_listings_v1_CreateOfferingRequest__Output } from '../../../marketplace/listings/v1/CreateOfferingRequest';
import type { GetCurrentListingRequest as _marketplace_listings_v1_GetCurrentListingRequest, GetCurrentListingRequest__Output as _marketplace_listings_v1_GetCurrentListingRequest__Output } from '../../../marketplace/listings/v1/GetCurrentListingRequest';
import type { GetInstanceReferenceRequest as _marketplace_listings_v1_GetInstanceReferenceRequest, GetInstanceReferenceRequest__Output as _marketplace_listings_v1_GetInstanceReferenceRequest__Output } from '../../../marketplace/listings/v1/GetInstanceReferenceRequest';
import type { InstanceReference as _marketplace_listings_v1_InstanceReference, InstanceReference__Output as _marketplace_listings_v1_InstanceReference__Output } from '../../../marketplace/listings/v1/InstanceReference';
import type { ListListingHistoryRequest as _marketplace_listings_v1_ListListingHistoryRequest, ListListingHistoryRequest__Output as _marketplace_listings_v1_ListListingHistoryRequest__Output } from '../../../marketplace/listings/v1/ListListingHistoryRequest';
import type { ListListingVisibilityRequest as _marketplace_listings_v1_ListListingVisibilityRequest, ListListingVisibilityRequest__Output as _marketplace_listings_v1_ListListingVisibilityRequest__Output } from '../../../marketplace/listings/v1/ListListingVisibilityRequest';
import type { ListListingsRequest as _marketplace_listings_v1_ListListingsRequest, ListListingsRequest__Output as _marketplace_listings_v1_ListListingsRequest__Output } from '../../../marketplace/listings/v1/ListListingsRequest';
import type { ListListingsResponse as _marketplace_listings_v1_ListListingsResponse, ListListingsResponse__Output as _marketplace_listings_v1_ListListingsResponse__Output } from '../../../marketplace/listings/v1/ListListingsResponse';
import type { ListOfferingsRequest as _marketplace_listings_v1_ListOfferingsRequest, ListOfferingsRequest__Output as _marketplace_listings_v1_ListOfferingsRequest__Output } from '../../../marketplace/listings/v1/ListOfferingsRequest';
import type { Listing as _marketplace_listings_v1_Listing, Listing__Output as _marketplace_listings_v1_Listing__Output } from '../../../marketplace/listings/v1/Listing';
import type { ListingPage as _marketplace_listings_v1_ListingPage, ListingPage__Output as _marketplace_listings_v1_ListingPage__Output } from '../../../marketplace/listings/v1/ListingPage';
import type { Offering as _marketplace_listings_v1_Offering, Offering__Output as _marketplace_listings_v1_Offering__Output } from '../../../marketplace/listings/v1/Offering';
import type { OfferingPage as _marketplace_listings_v1_OfferingPage, OfferingPage__Output as _marketplace_listings_v1_OfferingPage__Output } from '../../../marketplace/listings/v1/OfferingPage';
import type { SetListingVisibilityRequest as _marketplace_listings_v1_SetListingVisibilityRequest, SetListingVisibilityRequest__Output as _marketplace_listings_v1_SetListingVisibilityRequest__Output } from '../../../marketplace/listings/v1/SetListingVisibilityRequest';
import type { SetListingVisibilityResponse as _marketplace_listings_v1_SetListingVisibilityResponse, SetListingVisibilityResponse__Output as _marketplace_listings_v1_SetListingVisibilityResponse__Output } from '../../../marketplace/listings/v1/SetListingVisibilityResponse';
import type { VisibilityPage as _marketplace_listings_v1_VisibilityPage, VisibilityPage__Output as _marketplace_listings_v1_VisibilityPage__Output } from '../../../marketplace/listings/v1/VisibilityPage';
import type { WithdrawOfferingRequest as _marketplace_listings_v1_WithdrawOfferingRequest, WithdrawOfferingRequest__Output as _marketplace_listings_v1_WithdrawOfferingRequest__Output } from '../../../marketplace/listings/v1/WithdrawOfferingRequest';
import type { WithdrawOfferingResponse as _marketplace_listings_v1_WithdrawOfferingResponse, WithdrawOfferingResponse__Output as _marketplace_listings_v1_WithdrawOfferingResponse__Output } from '../../../marketplace/listings/v1/WithdrawOfferingResponse';

export interface ListingsServiceClient extends grpc.Client {
  /**
   * Supersedes the provider's current listing of the item in the instance. FAILED_PRECONDITION
   * not-offered, price-below-base or invalid-state.
   */
  CreateListing(argument: _marketplace_listings_v1_CreateListingRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_Listing__Output>): grpc.ClientUnaryCall;
  CreateListing(argument: _marketplace_listings_v1_CreateListingRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_listings_v1_Listing__Output>): grpc.ClientUnaryCall;
  CreateListing(argument: _marketplace_listings_v1_CreateListingRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_Listing__Output>): grpc.ClientUnaryCall;
  CreateListing(argument: _marketplace_listings_v1_CreateListingRequest, callback: grpc.requestCallback<_marketplace_listings_v1_Listing__Output>): grpc.ClientUnaryCall;
  /**
   * Supersedes the provider's current listing of the item in the instance. FAILED_PRECONDITION
   * not-offered, price-below-base or invalid-state.
   */
  createListing(argument: _marketplace_listings_v1_CreateListingRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_Listing__Output>): grpc.ClientUnaryCall;
  createListing(argument: _marketplace_listings_v1_CreateListingRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_listings_v1_Listing__Output>): grpc.ClientUnaryCall;
  createListing(argument: _marketplace_listings_v1_CreateListingRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_Listing__Output>): grpc.ClientUnaryCall;
  createListing(argument: _marketplace_listings_v1_CreateListingRequest, callback: grpc.requestCallback<_marketplace_listings_v1_Listing__Output>): grpc.ClientUnaryCall;
  
  /**
   * Offers a published item of the instance (FAILED_PRECONDITION invalid-state otherwise); offering it
   * again returns the active offering.
   */
  CreateOffering(argument: _marketplace_listings_v1_CreateOfferingRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_Offering__Output>): grpc.ClientUnaryCall;
  CreateOffering(argument: _marketplace_listings_v1_CreateOfferingRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_listings_v1_Offering__Output>): grpc.ClientUnaryCall;
  CreateOffering(argument: _marketplace_listings_v1_CreateOfferingRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_Offering__Output>): grpc.ClientUnaryCall;
  CreateOffering(argument: _marketplace_listings_v1_CreateOfferingRequest, callback: grpc.requestCallback<_marketplace_listings_v1_Offering__Output>): grpc.ClientUnaryCall;
  /**
   * Offers a published item of the instance (FAILED_PRECONDITION invalid-state otherwise); offering it
   * again returns the active offering.
   */
  createOffering(argument: _marketplace_listings_v1_CreateOfferingRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_Offering__Output>): grpc.ClientUnaryCall;
  createOffering(argument: _marketplace_listings_v1_CreateOfferingRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_listings_v1_Offering__Output>): grpc.ClientUnaryCall;
  createOffering(argument: _marketplace_listings_v1_CreateOfferingRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_Offering__Output>): grpc.ClientUnaryCall;
  createOffering(argument: _marketplace_listings_v1_CreateOfferingRequest, callback: grpc.requestCallback<_marketplace_listings_v1_Offering__Output>): grpc.ClientUnaryCall;
  
  GetCurrentListing(argument: _marketplace_listings_v1_GetCurrentListingRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_Listing__Output>): grpc.ClientUnaryCall;
  GetCurrentListing(argument: _marketplace_listings_v1_GetCurrentListingRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_listings_v1_Listing__Output>): grpc.ClientUnaryCall;
  GetCurrentListing(argument: _marketplace_listings_v1_GetCurrentListingRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_Listing__Output>): grpc.ClientUnaryCall;
  GetCurrentListing(argument: _marketplace_listings_v1_GetCurrentListingRequest, callback: grpc.requestCallback<_marketplace_listings_v1_Listing__Output>): grpc.ClientUnaryCall;
  getCurrentListing(argument: _marketplace_listings_v1_GetCurrentListingRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_Listing__Output>): grpc.ClientUnaryCall;
  getCurrentListing(argument: _marketplace_listings_v1_GetCurrentListingRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_listings_v1_Listing__Output>): grpc.ClientUnaryCall;
  getCurrentListing(argument: _marketplace_listings_v1_GetCurrentListingRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_Listing__Output>): grpc.ClientUnaryCall;
  getCurrentListing(argument: _marketplace_listings_v1_GetCurrentListingRequest, callback: grpc.requestCallback<_marketplace_listings_v1_Listing__Output>): grpc.ClientUnaryCall;
  
  /**
   * NOT_FOUND until the instance's creation event has been consumed.
   */
  GetInstanceReference(argument: _marketplace_listings_v1_GetInstanceReferenceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_InstanceReference__Output>): grpc.ClientUnaryCall;
  GetInstanceReference(argument: _marketplace_listings_v1_GetInstanceReferenceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_listings_v1_InstanceReference__Output>): grpc.ClientUnaryCall;
  GetInstanceReference(argument: _marketplace_listings_v1_GetInstanceReferenceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_InstanceReference__Output>): grpc.ClientUnaryCall;
  GetInstanceReference(argument: _marketplace_listings_v1_GetInstanceReferenceRequest, callback: grpc.requestCallback<_marketplace_listings_v1_InstanceReference__Output>): grpc.ClientUnaryCall;
  /**
   * NOT_FOUND until the instance's creation event has been consumed.
   */
  getInstanceReference(argument: _marketplace_listings_v1_GetInstanceReferenceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_InstanceReference__Output>): grpc.ClientUnaryCall;
  getInstanceReference(argument: _marketplace_listings_v1_GetInstanceReferenceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_listings_v1_InstanceReference__Output>): grpc.ClientUnaryCall;
  getInstanceReference(argument: _marketplace_listings_v1_GetInstanceReferenceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_InstanceReference__Output>): grpc.ClientUnaryCall;
  getInstanceReference(argument: _marketplace_listings_v1_GetInstanceReferenceRequest, callback: grpc.requestCallback<_marketplace_listings_v1_InstanceReference__Output>): grpc.ClientUnaryCall;
  
  ListListingHistory(argument: _marketplace_listings_v1_ListListingHistoryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_ListingPage__Output>): grpc.ClientUnaryCall;
  ListListingHistory(argument: _marketplace_listings_v1_ListListingHistoryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_listings_v1_ListingPage__Output>): grpc.ClientUnaryCall;
  ListListingHistory(argument: _marketplace_listings_v1_ListListingHistoryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_ListingPage__Output>): grpc.ClientUnaryCall;
  ListListingHistory(argument: _marketplace_listings_v1_ListListingHistoryRequest, callback: grpc.requestCallback<_marketplace_listings_v1_ListingPage__Output>): grpc.ClientUnaryCall;
  listListingHistory(argument: _marketplace_listings_v1_ListListingHistoryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_ListingPage__Output>): grpc.ClientUnaryCall;
  listListingHistory(argument: _marketplace_listings_v1_ListListingHistoryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_listings_v1_ListingPage__Output>): grpc.ClientUnaryCall;
  listListingHistory(argument: _marketplace_listings_v1_ListListingHistoryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_ListingPage__Output>): grpc.ClientUnaryCall;
  listListingHistory(argument: _marketplace_listings_v1_ListListingHistoryRequest, callback: grpc.requestCallback<_marketplace_listings_v1_ListingPage__Output>): grpc.ClientUnaryCall;
  
  ListListingVisibility(argument: _marketplace_listings_v1_ListListingVisibilityRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_VisibilityPage__Output>): grpc.ClientUnaryCall;
  ListListingVisibility(argument: _marketplace_listings_v1_ListListingVisibilityRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_listings_v1_VisibilityPage__Output>): grpc.ClientUnaryCall;
  ListListingVisibility(argument: _marketplace_listings_v1_ListListingVisibilityRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_VisibilityPage__Output>): grpc.ClientUnaryCall;
  ListListingVisibility(argument: _marketplace_listings_v1_ListListingVisibilityRequest, callback: grpc.requestCallback<_marketplace_listings_v1_VisibilityPage__Output>): grpc.ClientUnaryCall;
  listListingVisibility(argument: _marketplace_listings_v1_ListListingVisibilityRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_VisibilityPage__Output>): grpc.ClientUnaryCall;
  listListingVisibility(argument: _marketplace_listings_v1_ListListingVisibilityRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_listings_v1_VisibilityPage__Output>): grpc.ClientUnaryCall;
  listListingVisibility(argument: _marketplace_listings_v1_ListListingVisibilityRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_VisibilityPage__Output>): grpc.ClientUnaryCall;
  listListingVisibility(argument: _marketplace_listings_v1_ListListingVisibilityRequest, callback: grpc.requestCallback<_marketplace_listings_v1_VisibilityPage__Output>): grpc.ClientUnaryCall;
  
  ListListings(argument: _marketplace_listings_v1_ListListingsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_ListListingsResponse__Output>): grpc.ClientUnaryCall;
  ListListings(argument: _marketplace_listings_v1_ListListingsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_listings_v1_ListListingsResponse__Output>): grpc.ClientUnaryCall;
  ListListings(argument: _marketplace_listings_v1_ListListingsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_ListListingsResponse__Output>): grpc.ClientUnaryCall;
  ListListings(argument: _marketplace_listings_v1_ListListingsRequest, callback: grpc.requestCallback<_marketplace_listings_v1_ListListingsResponse__Output>): grpc.ClientUnaryCall;
  listListings(argument: _marketplace_listings_v1_ListListingsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_ListListingsResponse__Output>): grpc.ClientUnaryCall;
  listListings(argument: _marketplace_listings_v1_ListListingsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_listings_v1_ListListingsResponse__Output>): grpc.ClientUnaryCall;
  listListings(argument: _marketplace_listings_v1_ListListingsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_ListListingsResponse__Output>): grpc.ClientUnaryCall;
  listListings(argument: _marketplace_listings_v1_ListListingsRequest, callback: grpc.requestCallback<_marketplace_listings_v1_ListListingsResponse__Output>): grpc.ClientUnaryCall;
  
  ListOfferings(argument: _marketplace_listings_v1_ListOfferingsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_OfferingPage__Output>): grpc.ClientUnaryCall;
  ListOfferings(argument: _marketplace_listings_v1_ListOfferingsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_listings_v1_OfferingPage__Output>): grpc.ClientUnaryCall;
  ListOfferings(argument: _marketplace_listings_v1_ListOfferingsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_OfferingPage__Output>): grpc.ClientUnaryCall;
  ListOfferings(argument: _marketplace_listings_v1_ListOfferingsRequest, callback: grpc.requestCallback<_marketplace_listings_v1_OfferingPage__Output>): grpc.ClientUnaryCall;
  listOfferings(argument: _marketplace_listings_v1_ListOfferingsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_OfferingPage__Output>): grpc.ClientUnaryCall;
  listOfferings(argument: _marketplace_listings_v1_ListOfferingsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_listings_v1_OfferingPage__Output>): grpc.ClientUnaryCall;
  listOfferings(argument: _marketplace_listings_v1_ListOfferingsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_OfferingPage__Output>): grpc.ClientUnaryCall;
  listOfferings(argument: _marketplace_listings_v1_ListOfferingsRequest, callback: grpc.requestCallback<_marketplace_listings_v1_OfferingPage__Output>): grpc.ClientUnaryCall;
  
  SetListingVisibility(argument: _marketplace_listings_v1_SetListingVisibilityRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_SetListingVisibilityResponse__Output>): grpc.ClientUnaryCall;
  SetListingVisibility(argument: _marketplace_listings_v1_SetListingVisibilityRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_listings_v1_SetListingVisibilityResponse__Output>): grpc.ClientUnaryCall;
  SetListingVisibility(argument: _marketplace_listings_v1_SetListingVisibilityRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_SetListingVisibilityResponse__Output>): grpc.ClientUnaryCall;
  SetListingVisibility(argument: _marketplace_listings_v1_SetListingVisibilityRequest, callback: grpc.requestCallback<_marketplace_listings_v1_SetListingVisibilityResponse__Output>): grpc.ClientUnaryCall;
  setListingVisibility(argument: _marketplace_listings_v1_SetListingVisibilityRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_SetListingVisibilityResponse__Output>): grpc.ClientUnaryCall;
  setListingVisibility(argument: _marketplace_listings_v1_SetListingVisibilityRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_listings_v1_SetListingVisibilityResponse__Output>): grpc.ClientUnaryCall;
  setListingVisibility(argument: _marketplace_listings_v1_SetListingVisibilityRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_SetListingVisibilityResponse__Output>): grpc.ClientUnaryCall;
  setListingVisibility(argument: _marketplace_listings_v1_SetListingVisibilityRequest, callback: grpc.requestCallback<_marketplace_listings_v1_SetListingVisibilityResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Withdraws the offering and disables its listings (idempotent).
   */
  WithdrawOffering(argument: _marketplace_listings_v1_WithdrawOfferingRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_WithdrawOfferingResponse__Output>): grpc.ClientUnaryCall;
  WithdrawOffering(argument: _marketplace_listings_v1_WithdrawOfferingRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_listings_v1_WithdrawOfferingResponse__Output>): grpc.ClientUnaryCall;
  WithdrawOffering(argument: _marketplace_listings_v1_WithdrawOfferingRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_WithdrawOfferingResponse__Output>): grpc.ClientUnaryCall;
  WithdrawOffering(argument: _marketplace_listings_v1_WithdrawOfferingRequest, callback: grpc.requestCallback<_marketplace_listings_v1_WithdrawOfferingResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Withdraws the offering and disables its listings (idempotent).
   */
  withdrawOffering(argument: _marketplace_listings_v1_WithdrawOfferingRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_WithdrawOfferingResponse__Output>): grpc.ClientUnaryCall;
  withdrawOffering(argument: _marketplace_listings_v1_WithdrawOfferingRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_listings_v1_WithdrawOfferingResponse__Output>): grpc.ClientUnaryCall;
  withdrawOffering(argument: _marketplace_listings_v1_WithdrawOfferingRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_listings_v1_WithdrawOfferingResponse__Output>): grpc.ClientUnaryCall;
  withdrawOffering(argument: _marketplace_listings_v1_WithdrawOfferingRequest, callback: grpc.requestCallback<_marketplace_listings_v1_WithdrawOfferingResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface ListingsServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * Supersedes the provider's current listing of the item in the instance. FAILED_PRECONDITION
   * not-offered, price-below-base or invalid-state.
   */
  CreateListing: grpc.handleUnaryCall<_marketplace_listings_v1_CreateListingRequest__Output, _marketplace_listings_v1_Listing>;
  
  /**
   * Offers a published item of the instance (FAILED_PRECONDITION invalid-state otherwise); offering it
   * again returns the active offering.
   */
  CreateOffering: grpc.handleUnaryCall<_marketplace_listings_v1_CreateOfferingRequest__Output, _marketplace_listings_v1_Offering>;
  
  GetCurrentListing: grpc.handleUnaryCall<_marketplace_listings_v1_GetCurrentListingRequest__Output, _marketplace_listings_v1_Listing>;
  
  /**
   * NOT_FOUND until the instance's creation event has been consumed.
   */
  GetInstanceReference: grpc.handleUnaryCall<_marketplace_listings_v1_GetInstanceReferenceRequest__Output, _marketplace_listings_v1_InstanceReference>;
  
  ListListingHistory: grpc.handleUnaryCall<_marketplace_listings_v1_ListListingHistoryRequest__Output, _marketplace_listings_v1_ListingPage>;
  
  ListListingVisibility: grpc.handleUnaryCall<_marketplace_listings_v1_ListListingVisibilityRequest__Output, _marketplace_listings_v1_VisibilityPage>;
  
  ListListings: grpc.handleUnaryCall<_marketplace_listings_v1_ListListingsRequest__Output, _marketplace_listings_v1_ListListingsResponse>;
  
  ListOfferings: grpc.handleUnaryCall<_marketplace_listings_v1_ListOfferingsRequest__Output, _marketplace_listings_v1_OfferingPage>;
  
  SetListingVisibility: grpc.handleUnaryCall<_marketplace_listings_v1_SetListingVisibilityRequest__Output, _marketplace_listings_v1_SetListingVisibilityResponse>;
  
  /**
   * Withdraws the offering and disables its listings (idempotent).
   */
  WithdrawOffering: grpc.handleUnaryCall<_marketplace_listings_v1_WithdrawOfferingRequest__Output, _marketplace_listings_v1_WithdrawOfferingResponse>;
  
}

export interface ListingsServiceDefinition extends grpc.ServiceDefinition {
  CreateListing: MethodDefinition<_marketplace_listings_v1_CreateListingRequest, _marketplace_listings_v1_Listing, _marketplace_listings_v1_CreateListingRequest__Output, _marketplace_listings_v1_Listing__Output>
  CreateOffering: MethodDefinition<_marketplace_listings_v1_CreateOfferingRequest, _marketplace_listings_v1_Offering, _marketplace_listings_v1_CreateOfferingRequest__Output, _marketplace_listings_v1_Offering__Output>
  GetCurrentListing: MethodDefinition<_marketplace_listings_v1_GetCurrentListingRequest, _marketplace_listings_v1_Listing, _marketplace_listings_v1_GetCurrentListingRequest__Output, _marketplace_listings_v1_Listing__Output>
  GetInstanceReference: MethodDefinition<_marketplace_listings_v1_GetInstanceReferenceRequest, _marketplace_listings_v1_InstanceReference, _marketplace_listings_v1_GetInstanceReferenceRequest__Output, _marketplace_listings_v1_InstanceReference__Output>
  ListListingHistory: MethodDefinition<_marketplace_listings_v1_ListListingHistoryRequest, _marketplace_listings_v1_ListingPage, _marketplace_listings_v1_ListListingHistoryRequest__Output, _marketplace_listings_v1_ListingPage__Output>
  ListListingVisibility: MethodDefinition<_marketplace_listings_v1_ListListingVisibilityRequest, _marketplace_listings_v1_VisibilityPage, _marketplace_listings_v1_ListListingVisibilityRequest__Output, _marketplace_listings_v1_VisibilityPage__Output>
  ListListings: MethodDefinition<_marketplace_listings_v1_ListListingsRequest, _marketplace_listings_v1_ListListingsResponse, _marketplace_listings_v1_ListListingsRequest__Output, _marketplace_listings_v1_ListListingsResponse__Output>
  ListOfferings: MethodDefinition<_marketplace_listings_v1_ListOfferingsRequest, _marketplace_listings_v1_OfferingPage, _marketplace_listings_v1_ListOfferingsRequest__Output, _marketplace_listings_v1_OfferingPage__Output>
  SetListingVisibility: MethodDefinition<_marketplace_listings_v1_SetListingVisibilityRequest, _marketplace_listings_v1_SetListingVisibilityResponse, _marketplace_listings_v1_SetListingVisibilityRequest__Output, _marketplace_listings_v1_SetListingVisibilityResponse__Output>
  WithdrawOffering: MethodDefinition<_marketplace_listings_v1_WithdrawOfferingRequest, _marketplace_listings_v1_WithdrawOfferingResponse, _marketplace_listings_v1_WithdrawOfferingRequest__Output, _marketplace_listings_v1_WithdrawOfferingResponse__Output>
}
